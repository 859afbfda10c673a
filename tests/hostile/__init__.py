"""Hostile input for Home MCP: a transport bad-input corpus and tool argument fuzzing."""
