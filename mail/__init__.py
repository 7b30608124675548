"""The emails to players and the organiser: composing, the outbox, and sending (last, once)."""
