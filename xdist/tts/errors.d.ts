export declare const ttsErrors: {
    readonly unknown_voice: {
        readonly status: 422;
        readonly title: "Unknown voice";
    };
};
