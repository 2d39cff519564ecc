"""Village Pillage widgets: the table renderer, the play app, walkthroughs and lessons."""
