export type DetectedLanguage = 'ar' | 'en' | 'und';
/**
 * Script majority only (no word evidence): cheap enough for every chunk at
 * indexing time, where the document's declared language is the main signal
 * and this only labels chunks of mixed documents.
 */
export declare function scriptLanguage(text: string): DetectedLanguage;
/**
 * Script ratio first (the script with ≥ 60 % of the letters wins), then
 * common-word evidence for longer texts, because script alone cannot tell
 * English from French or Arabic from Persian.
 */
export declare function detectLanguage(text: string): DetectedLanguage;
