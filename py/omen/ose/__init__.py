"""Old-School Essentials: the encounter sequence, morale, the session, the dungeon turn
and wilderness day, and OSE's settings."""
