"""The table: the generic play app (its view, in parts), its session, setup, links and
files, the game adapter protocol, the action picker, coaching and the bots' settings."""
