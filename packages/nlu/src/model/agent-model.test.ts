import { describe, expect, it } from 'vitest';
import { classify, classifyByEmbedding, predict, train, TrainingError } from './agent-model.js';
import { semanticIndex } from './semantic-index.js';
import { deserializeModel, serializeModel } from './serialize.js';
import { SMALL_AGENT } from './small-agent-spec.js';
import { trainSvm } from './svm-model.js';
import { WORD_VECTORS_ID } from '../embeddings/word-vectors.js';

const SMALL = SMALL_AGENT;

describe('intent model', () => {
  const model = train(SMALL);

  it('classifies held-out paraphrases of a small agent', () => {
    const heldOut: [string, string][] = [
      ['please book me a flight to Paris', 'book_flight'],
      ['cancel the order I made', 'cancel_order'],
      ['how much is in my account', 'check_balance'],
      ['is it going to rain', 'weather'],
      ['hello', 'greeting'],
    ];
    for (const [text, intent] of heldOut) expect(classify(model, text).ranking[0]!.intent, text).toBe(intent);
  });

  it('ranks the top five, best first, each confidence between 0 and 1', () => {
    const r = classify(model, 'book a flight');
    expect(r.ranking).toHaveLength(5);
    expect(r.ranking[0]!.confidence).toBeGreaterThan(0.5);
    expect(r.ranking[1]!.confidence).toBeLessThan(0.5);
    for (let i = 1; i < 5; i++) expect(r.ranking[i]!.confidence).toBeLessThanOrEqual(r.ranking[i - 1]!.confidence);
  });

  it('is out of scope below the threshold, and the threshold is the agent’s', () => {
    const candidates = ['plane', 'ticket', 'a flight maybe', 'London tomorrow', 'I would like a ticket on a plane'];
    const text = candidates.find((t) => classify(model, t).ranking[0]!.intent === 'book_flight' && classify(model, t).confidence < 0.95)!;
    expect(text).toBeDefined();
    const { confidence } = classify(model, text);
    expect(classify(train({ ...SMALL, confidenceThreshold: confidence + 0.01 }), text)).toMatchObject({ outOfScope: true, intent: null });
    expect(classify(train({ ...SMALL, confidenceThreshold: confidence - 0.01 }), text)).toMatchObject({ outOfScope: false, intent: 'book_flight' });
    // At the default 0.5, a message about nothing the agent knows is out of scope.
    expect(classify(model, 'quantum chromodynamics lecture notes')).toMatchObject({ outOfScope: true, intent: null });
  });

  it('sends a question made only of words new to the agent out of scope, whatever its function words share', () => {
    // "what is the ... " is how check_balance and weather phrases start; the content words are new.
    for (const text of ['what is the capital of mongolia', 'tell me a joke', 'whatever']) {
      expect(classify(model, text), text).toMatchObject({ outOfScope: true, intent: null });
      expect(classify(model, text).confidence, text).toBeLessThan(0.06);
    }
    // A new word close in meaning to a trained one counts as known: "hey" is the greeting's "hello", "cash" is "money".
    expect(classify(model, 'hey')).toMatchObject({ intent: 'greeting', outOfScope: false });
    expect(classify(model, 'how much cash do I have')).toMatchObject({ intent: 'check_balance', outOfScope: false });
    // A misspelt trained word is not a new word.
    expect(classify(model, 'what is my acount balanse')).toMatchObject({ intent: 'check_balance', outOfScope: false });
    expect(classify(model, 'cancle my ordr').confidence).toBeGreaterThan(0.3);
    // A known content word keeps its full confidence; entity spans count as understood.
    expect(classify(model, 'what is the weather in Kyoto').intent).toBe('weather');
    expect(classify(model, 'Zanzibar', [{ start: 0, end: 8 }]).confidence).toBeCloseTo(classify(model, 'Zanzibar').confidence * 20, 5);
  });

  it('sets names aside: words the language does not know say nothing of whether a message is in scope', () => {
    const transit = train({
      language: 'en',
      intents: [
        {
          name: 'find_connection',
          phrases: [
            { text: 'how do i get from Marienplatz to the airport' },
            { text: 'connection from central station to Olympiapark' },
            { text: 'route from Sendlinger Tor to Goetheplatz' },
          ],
        },
        {
          name: 'departure_time',
          phrases: [{ text: 'when does the next train leave' }, { text: 'next departure from Marienplatz' }, { text: 'when is the next bus' }],
        },
      ],
    });
    // Station names the agent never saw, in an English frame: answered.
    expect(classify(transit, 'how do i get from Poccistrasse to Hackerbruecke')).toMatchObject({ intent: 'find_connection', outOfScope: false });
    expect(classify(transit, 'Theresienstrasse to Assling').outOfScope).toBe(false);
    // Unknown tokens and nothing else, or a real word the agent never saw beside a name: still out of scope.
    expect(classify(transit, 'xqzt vlorp').outOfScope).toBe(true);
    expect(classify(transit, 'what is the capital of Zorbistan')).toMatchObject({ intent: null, outOfScope: true });
  });

  it('lets a CLINC-sized agent judge a question with a new word by its classifier alone', () => {
    // 20 request forms x 100 phrases; each intent is its verb phrase, whatever the noun.
    const verbs = 'where is|cancel|pay|renew|return|track|rate|share|print|copy|update|close|open|sell|repair|insure|ship|wrap|count|lend'.split('|');
    const nouns = 'order invoice ticket parcel car phone laptop bike sofa lamp watch ring coat boot shirt book chair desk table rug'.split(' ');
    const intents = verbs.map((verb) => ({
      name: verb,
      phrases: Array.from({ length: 100 }, (_, j) => ({ text: `${verb} my ${nouns[j % nouns.length]} ${j}` })),
    }));
    const large = train({ language: 'en', intents });
    const small = train({ language: 'en', intents: intents.map((i) => ({ ...i, phrases: i.phrases.slice(0, 3) })) });
    // "giraffe" is no word the agents saw, nor like one; only the small agent's guard sends the question away.
    expect(classify(large, 'where is my giraffe')).toMatchObject({ intent: 'where is', outOfScope: false });
    expect(classify(small, 'where is my giraffe')).toMatchObject({ intent: null, outOfScope: true });
    // "zorblat" is no English word at all: a name (a product's, say), which no agent can be expected to have seen.
    expect(classify(small, 'where is my zorblat')).toMatchObject({ intent: 'where is', outOfScope: false });
    // A large agent also keeps prototype meanings of its intents, and they survive storage.
    expect(large.classifier.prototypes?.counts).toHaveLength(verbs.length);
    const restored = deserializeModel(serializeModel(large));
    for (const text of ['where is my giraffe', 'please repair the lamp', 'lend me a book']) expect(classify(restored, text)).toEqual(classify(large, text));
  });

  it('is deterministic and survives a serialisation round trip', () => {
    const again = train(SMALL);
    const restored = deserializeModel(serializeModel(model));
    for (const text of ['cancel it', 'weather in Rome', 'hello friend']) {
      expect(classify(again, text)).toEqual(classify(model, text));
      expect(classify(restored, text)).toEqual(classify(model, text));
    }
  });

  it('keeps scoring models stored before word vectors, and refuses ones built on other vectors', () => {
    expect(model.classifier.vectorizer.embedding?.id).toBe(WORD_VECTORS_ID);
    expect(train({ ...SMALL, language: 'hi' }).classifier.vectorizer.embedding).toBeUndefined();
    // A model saved by an earlier version: the same bytes with no dense block.
    const older = trainSvm(SMALL, {}, { embedding: null });
    const stored = deserializeModel(serializeModel({ ...model, classifier: older }));
    expect(stored.classifier.vectorizer.embedding).toBeUndefined();
    expect(classify(stored, 'cancel the order I made').intent).toBe('cancel_order');
    const foreign = deserializeModel(serializeModel(model));
    foreign.classifier.vectorizer.embedding!.id = 'some-other-vectors';
    expect(() => classify(foreign, 'hello')).toThrow('retrain the agent');
  });

  it('gives a clear result for empty, huge and emoji-only input', async () => {
    expect(classify(model, '')).toMatchObject({ intent: null, outOfScope: true, confidence: 0, ranking: [] });
    expect(classify(model, '🙂🙂🙂').outOfScope).toBe(true);
    const huge = await predict(model, 'book a flight '.repeat(800));
    expect(huge.intent).toBe('book_flight');
  });

  it('refuses bad specs with clear messages', () => {
    expect(() => train({ ...SMALL, intents: [] })).toThrow(new TrainingError('The agent has no intents to train.'));
    expect(() => train({ ...SMALL, intents: [{ name: 'empty', phrases: [{ text: '  ' }] }] })).toThrow('Intent "empty" has no training phrases.');
    expect(() => train({ ...SMALL, modelType: 'Semantic' })).toThrow(
      new TrainingError('The Semantic model type needs the embeddings of the training phrases.'),
    );
    expect(() => train({ ...SMALL, confidenceThreshold: 2 })).toThrow('between 0 and 1');
  });

  it('trains the SVM for every model type: it extracts entities for all and is the fallback of the language-model types', () => {
    for (const modelType of ['OpenAi', 'GPT2'] as const) {
      const m = train({ ...SMALL, modelType });
      expect(m.modelType).toBe(modelType);
      expect(classify(m, 'please book me a flight to Paris').intent).toBe('book_flight');
    }
  });

  it('Semantic: ranks intents by their closest phrase embedding, keeps the index through serialisation, judges by the threshold', () => {
    // Two-dimensional "embeddings" are enough to show the ranking: greeting points along x, weather along y.
    const index = semanticIndex('test-embeddings', [
      {
        name: 'greeting',
        vectors: [
          [1, 0],
          [0.9, 0.1],
        ],
      },
      { name: 'weather', vectors: [[0, 2]] },
    ]);
    const semantic = deserializeModel(serializeModel(train({ ...SMALL, modelType: 'Semantic', confidenceThreshold: 0.8, semantic: index })));
    expect(semantic.semantic).toMatchObject({ model: 'test-embeddings', dimension: 2, intents: ['greeting', 'weather'], owners: [0, 0, 1] });
    expect(classifyByEmbedding(semantic, [0.1, 3])).toMatchObject({ intent: 'weather', outOfScope: false });
    expect(classifyByEmbedding(semantic, [0.1, 3]).confidence).toBeCloseTo(0.9994, 3);
    // Halfway between: each intent is about 0.7 similar, below the agent's 0.8.
    expect(classifyByEmbedding(semantic, [1, 1])).toMatchObject({ intent: null, outOfScope: true });
    expect(() => classifyByEmbedding(semantic, [1, 0, 0])).toThrow('3 dimensions');
  });
});
