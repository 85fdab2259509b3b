export const ttsErrors = {
    unknown_voice: { status: 422, title: 'Unknown voice' },
};
