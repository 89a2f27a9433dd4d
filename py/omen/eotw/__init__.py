"""The End of the World: dice pool tests, the crew's lasting state and its settings."""
