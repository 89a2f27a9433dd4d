"""The core every game stands on: dice, rolled steps, errors, dice notation, messages,
settings' shape, the catalog of message ids and the stored-value codec.

Nothing here knows a game or a campaign: a module of ``core`` imports only the standard
library and other ``core`` modules.
"""
