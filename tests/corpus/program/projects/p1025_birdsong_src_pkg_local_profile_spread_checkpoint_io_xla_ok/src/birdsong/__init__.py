"""Bird-song species classification from mel spectrogram patches."""
