"""Tests on a house built the way its owner builds it (Home Assistant's own APIs)."""
