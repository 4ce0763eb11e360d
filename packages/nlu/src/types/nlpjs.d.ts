declare module '@nlpjs/lang-en' {
  export class StemmerEn {
    stem(word: string): string;
  }
  export class StopwordsEn {
    isStopword(word: string): boolean;
  }
}
declare module '@nlpjs/lang-hi' {
  export class StemmerHi {
    stem(word: string): string;
  }
  export class StopwordsHi {
    isStopword(word: string): boolean;
  }
}
declare module '@nlpjs/builtin-microsoft' {
  export interface BuiltinEdge {
    entity: string;
    start: number;
    /** Inclusive. */
    end: number;
    utteranceText: string;
    resolution?: Record<string, unknown>;
  }
  export class BuiltinMicrosoft {
    constructor(settings?: Record<string, unknown>);
    extract(input: { text: string; locale: string }): Promise<{ edges: BuiltinEdge[] }>;
  }
}
