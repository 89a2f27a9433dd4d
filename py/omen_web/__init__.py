"""Omen's browser adapter: the only code that touches the page, events and storage.

It binds the markup in ``index.html`` (``data-bind``, ``data-action``, ``data-nav`` and
``<template>`` elements) to the rules engine in :mod:`omen` and renders what it returns.
User-supplied text reaches the page only as text (``textContent``), never as HTML.
"""
