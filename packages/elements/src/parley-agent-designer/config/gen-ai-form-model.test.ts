import { expect } from '@esm-bundle/chai';
import { DocumentMessages, GenAiMessages } from '@parley/sdk/contract/nlp-genai';
import {
  KnowledgeMessages,
  acceptPdfs,
  commitUrl,
  editUrl,
  emptyGenAiForm,
  genAiFormFrom,
  prepareSave,
  removeUrl,
  validateGenAi,
  type GenAiForm,
} from './gen-ai-form-model.js';

const form = (patch: Partial<GenAiForm> = {}): GenAiForm => ({ ...emptyGenAiForm, configId: 'cfg-1', ...patch });

describe('the Gen AI Configuration form model', () => {
  it('reads the saved configuration, the documents by their file names', () => {
    const loaded = genAiFormFrom({
      genAiConfigId: null,
      kbFromWebsite: true,
      kbFromDoc: false,
      websitesUrls: ['https://example.com/'],
      documents: [{ fileName: 'menu.pdf', size: 10, uploadedOn: '2026-11-29T10:00:00Z' }],
    });
    expect(loaded).to.deep.equal({ ...emptyGenAiForm, kbFromWebsite: true, urls: ['https://example.com/'], uploaded: ['menu.pdf'] });
  });

  it('asks for a configuration, and for a website or an uploaded document when their source is on, in the spec words', () => {
    expect(validateGenAi(form({ configId: ' ' }))).to.deep.equal({ genAiConfigId: GenAiMessages.configRequired });
    expect(validateGenAi(form({ kbFromWebsite: true, kbFromDoc: true }))).to.deep.equal({
      website: GenAiMessages.websiteRequired,
      documents: GenAiMessages.documentRequired,
    });
    expect(validateGenAi(form({ kbFromWebsite: true, kbFromDoc: true, urls: ['https://a.example/'], uploaded: ['a.pdf'] }))).to.deep.equal({});
    // A source switched off needs nothing, whatever its list holds.
    expect(validateGenAi(form({ kbFromWebsite: false, kbFromDoc: false }))).to.deep.equal({});
  });

  it('adds a typed URL, or says why not: empty, not http(s), or already listed under another spelling', () => {
    expect(commitUrl(form({ urlInput: '  ' })).form.urlError).to.equal(GenAiMessages.emptyUrl);
    expect(commitUrl(form({ urlInput: 'ftp://files.example' })).form.urlError).to.equal(GenAiMessages.invalidUrl);
    expect(commitUrl(form({ urls: ['https://a.example/'], urlInput: 'https://A.example' })).form.urlError).to.equal(KnowledgeMessages.duplicateUrl);
    const { form: next, added } = commitUrl(form({ urls: ['https://a.example/'], urlInput: ' https://b.example/docs ' }));
    expect(added).to.equal(true);
    expect(next.urls).to.deep.equal(['https://a.example/', 'https://b.example/docs']);
    expect([next.urlInput, next.editing, next.urlError]).to.deep.equal(['', null, undefined]);
  });

  it('edits a listed URL in its place, and may keep its own spelling', () => {
    const editing = editUrl(form({ urls: ['https://a.example/', 'https://b.example/'] }), 1);
    expect([editing.urlInput, editing.editing]).to.deep.equal(['https://b.example/', 1]);
    expect(commitUrl(editing).form.urls).to.deep.equal(['https://a.example/', 'https://b.example/']);
    expect(commitUrl({ ...editing, urlInput: 'https://c.example/' }).form.urls).to.deep.equal(['https://a.example/', 'https://c.example/']);
  });

  it('removes a URL; the one being edited keeps its place, or the field empties when it is the one removed', () => {
    const base = form({ urls: ['https://a.example/', 'https://b.example/', 'https://c.example/'] });
    const editingLast = removeUrl(editUrl(base, 2), 0);
    expect([editingLast.urls.length, editingLast.editing, editingLast.urlInput]).to.deep.equal([2, 1, 'https://c.example/']);
    const removedEdited = removeUrl(editUrl(base, 1), 1);
    expect([removedEdited.editing, removedEdited.urlInput]).to.deep.equal([null, '']);
  });

  it('saves the typed but not added URL with the others, and sends documents as an empty list', () => {
    const { request, errors } = prepareSave(form({ kbFromWebsite: true, urls: ['https://a.example/'], urlInput: 'https://b.example/' }), 'agent-1');
    expect(errors).to.deep.equal({});
    expect(request).to.deep.equal({
      id: 'agent-1',
      genAiConfigId: 'cfg-1',
      kbFromWebsite: true,
      kbFromDoc: false,
      websitesUrls: ['https://a.example/', 'https://b.example/'],
      documents: [],
    });
  });

  it('saves nothing while a typed URL is wrong or a rule fails', () => {
    const wrongUrl = prepareSave(form({ kbFromWebsite: true, urls: ['https://a.example/'], urlInput: 'not a url' }), 'agent-1');
    expect([wrongUrl.request, wrongUrl.form.urlError]).to.deep.equal([null, GenAiMessages.invalidUrl]);
    const noSource = prepareSave(form({ kbFromDoc: true }), 'agent-1');
    expect([noSource.request, noSource.errors]).to.deep.equal([null, { documents: GenAiMessages.documentRequired }]);
  });

  it('takes only PDFs whose names are not taken yet, with a notice for each refused file', () => {
    const files = [
      { name: 'menu.pdf', type: 'application/pdf' },
      { name: 'photo.png', type: 'image/png' },
      { name: 'faq.PDF', type: '' },
      { name: 'menu.pdf', type: 'application/pdf' },
      { name: 'old.pdf', type: 'application/pdf' },
    ];
    const { accepted, refusals } = acceptPdfs(files, ['old.pdf']);
    expect(accepted.map((f) => f.name)).to.deep.equal(['menu.pdf', 'faq.PDF']);
    expect(refusals).to.deep.equal([DocumentMessages.onlyPdf, DocumentMessages.duplicate('menu.pdf'), DocumentMessages.duplicate('old.pdf')]);
  });
});
