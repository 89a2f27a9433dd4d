"""The screens of the procedures: ``common`` for those every game has (Explore, the
checks panel, Encounter, reaction, Tests, Tables), and one folder per game for its own."""
