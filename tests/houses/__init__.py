"""Tests against real houses (`../shared/houses/`), when they are there."""
