"""Part-of-speech tagger package."""
