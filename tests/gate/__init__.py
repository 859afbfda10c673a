"""The gate's tables and functions, tested as data without a house (fast)."""
