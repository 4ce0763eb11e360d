// `npm run manifest -w @parley/elements` writes custom-elements.json from the elements' doc comments.
export default {
  globs: ['src/parley-*/parley-*.ts'],
  exclude: ['src/**/*.test.ts'],
  outdir: '.',
  litelement: true,
  plugins: [
    {
      // The files come in the order the file system lists them, which differs between machines: sorted, the
      // manifest a build writes is the one committed.
      name: 'modules-by-path',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
  ],
};
