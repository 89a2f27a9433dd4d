"""What surrounds the games' screens: the first-start question, help sheets, the install
hint, the buzz and rattle of a roll, and the Settings, Share and Log screens."""
