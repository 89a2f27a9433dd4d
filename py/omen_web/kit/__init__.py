"""The adapter's machinery: the app that starts and routes, the store every screen reads,
the screen kit, the page's storage, small DOM helpers, region bookkeeping and focus."""
