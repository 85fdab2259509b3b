export declare const sttErrors: {
    readonly unsupported_audio_format: {
        readonly status: 422;
        readonly title: "Unsupported audio format";
    };
    readonly audio_corrupt: {
        readonly status: 422;
        readonly title: "Corrupt audio";
    };
    readonly audio_truncated: {
        readonly status: 422;
        readonly title: "Truncated audio";
    };
    readonly audio_too_complex: {
        readonly status: 422;
        readonly title: "Audio too complex";
    };
    readonly file_too_large: {
        readonly status: 422;
        readonly title: "File too large";
    };
    readonly job_not_found: {
        readonly status: 404;
        readonly title: "Job not found";
    };
    readonly transcription_failed: {
        readonly status: 502;
        readonly title: "Transcription failed upstream";
    };
};
