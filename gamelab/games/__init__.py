"""Game families, one module each."""
