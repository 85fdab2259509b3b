export interface Voice {
    id: string;
    name: string;
    gender: 'female' | 'male';
    dialect: string;
    locale: string;
    /** The codec's voice index (tone offset); unique per voice. */
    voiceIndex: number;
    description: string;
}
export declare const VOICES_FILE: string;
export declare class VoiceCatalogue {
    readonly voices: readonly Voice[];
    private readonly byId;
    constructor(voices: readonly Voice[]);
    static load(file?: string): VoiceCatalogue;
    get(id: string): Voice | undefined;
    ids(): string[];
}
/** The public view of a voice (admin API): snake_case, like every JSON body of the emulator. */
export declare function voiceView(v: Voice): Record<string, unknown>;
