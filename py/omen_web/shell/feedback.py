"""What a roll feels and sounds like: a short buzz, and an optional dice rattle.

The buzz uses ``navigator.vibrate`` where the browser has it and is silently absent
elsewhere (iOS Safari, desktops). The rattle is made on the spot with WebAudio (a few
short clicks of filtered noise), so no sound file ships. Both follow the game master's
preferences and stay quiet when the device asks for reduced motion.
"""

from __future__ import annotations

import random
from typing import Any

from pyodide.ffi import to_js
from pyscript import window

_audio: list[Any] = []  # one AudioContext for the page, made on the first rattle


def can_vibrate() -> bool:
    """Whether this browser can buzz at all (the Settings switch shows only then)."""
    return hasattr(window.navigator, "vibrate")


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def after_roll(vibrate: bool, sound: bool) -> None:
    """Buzz and rattle for a roll Omen just made, as far as the preferences allow."""
    if not (vibrate or sound) or reduced_motion():
        return
    if vibrate and can_vibrate():
        window.navigator.vibrate(to_js([18, 40, 18]))
    if sound:
        rattle()


def rattle() -> None:
    """Three or four dry clicks of noise, like dice on a table, about a fifth of a second."""
    maker = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
    if maker is None:
        return
    if not _audio:
        _audio.append(maker.new())
    context = _audio[0]
    if context.state == "suspended":
        context.resume()
    rate = int(context.sampleRate)
    length = rate // 5
    buffer = context.createBuffer(1, length, rate)
    samples = [0.0] * length
    clicks = random.sample(range(0, length - rate // 50), 4)
    for start in clicks:
        for i in range(rate // 100):  # 10 ms each, fading out
            samples[start + i] += random.uniform(-1, 1) * (1 - i / (rate // 100)) * 0.5
    buffer.copyToChannel(window.Float32Array.new(to_js(samples)), 0)
    source = context.createBufferSource()
    source.buffer = buffer
    filtered = context.createBiquadFilter()
    filtered.type = "bandpass"
    filtered.frequency.value = 2400
    gain = context.createGain()
    gain.gain.value = 0.6
    source.connect(filtered)
    filtered.connect(gain)
    gain.connect(context.destination)
    source.start()
