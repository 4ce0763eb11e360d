// `npm run manifest -w @parley/elements` writes custom-elements.json from the elements' doc comments.
export default {
  globs: ['src/parley-*/parley-*.ts'],
  exclude: ['src/**/*.test.ts'],
  outdir: '.',
  litelement: true,
};
