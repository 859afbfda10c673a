"""Tests for Home MCP."""
