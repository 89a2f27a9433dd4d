"""GURPS / Dungeon Fantasy: success rolls and contests, the encounter distance
procedure, travel checks and GURPS's settings."""
