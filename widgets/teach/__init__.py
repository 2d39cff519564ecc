"""Teaching pages: rule walkthroughs and probability lessons."""
