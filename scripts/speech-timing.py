#!/usr/bin/env python3
"""How long a screen-reader user listens after each action, measured with espeak-ng.

Needs espeak-ng on the PATH (Debian: `apt-get install espeak-ng`), so it is not part of `cargo test`: run it by
hand after changing the speech face's wording, and quote its figures (README, "Playing with a screen reader").

It reads the golden transcripts (transcripts/*.txt), nothing else: no build is needed. Every answer to an
action command (move, deal, remove, undo, redo and their aliases) said in the speech face is one announcement,
whether the action was played or refused; `auto` and `solve play` are left out (they answer for many actions at
once). Each announcement is turned into audio by `espeak-ng -w FILE` at its default voice and rate, and its
length is the WAV file's duration (frames over frame rate). The figures are in seconds: the median, the 90th
percentile (nearest rank) and the longest, over all transcripts and over the whole four-suit game
(transcripts/speech-four-suits.txt), for the face as it starts; answers said after `set autoshow on` (which
then reads the columns an action changed) are timed on a line of their own.

    scripts/speech-timing.py              the figures
    scripts/speech-timing.py --each       and a line for each transcript
    scripts/speech-timing.py --longest 5  and the five longest announcements, with their durations
"""

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "transcripts"
FOUR_SUITS = "speech-four-suits.txt"
ACTIONS = {"move", "m", "deal", "d", "turn", "remove", "r", "undo", "u", "redo"}
FACES = {"text", "speech", "json"}
# How the lines that `set autoshow on` reads after an action begin.
AUTOSHOWN = ("Column ", "Holding pile: ", "Waste: ", "Foundations: ")


def commands(line):
    """The commands of one input line: `;` separates them, `#` starts a comment."""
    return [part.strip() for part in line.split("#", 1)[0].split(";") if part.strip()]


def is_action(command):
    return command.split()[0].lower() in ACTIONS


def announcements(path):
    """Each answer to an action said in the speech face, in order, as the text a reader would say, and whether
    autoshow was on."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found = []
    face = "text"
    autoshow = False
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("$ spider"):
            options = line.split("#", 1)[0].split()
            face = options[options.index("--output") + 1] if "--output" in options else "text"
            autoshow = False
            continue
        if not line.startswith("> "):
            continue
        answer = []
        while i < len(lines) and not lines[i].startswith(("> ", "$ spider")):
            answer.append(lines[i])
            i += 1
        while answer and answer[-1] == "":
            answer.pop()
        said = commands(line[2:])
        if face == "speech" and any(is_action(c) for c in said):
            found.extend((text, autoshow) for c, text in split(path, line, said, answer) if is_action(c))
        for command in said:
            setting = re.fullmatch(r"set\s+(output|autoshow)\s+(\w+)", command, re.IGNORECASE)
            name, value = setting.groups() if setting else ("", "")
            if name.lower() == "output" and value.lower() in FACES:
                face = value.lower()
            elif name.lower() == "autoshow" and value.lower() in ("on", "off"):
                autoshow = value.lower() == "on"
    return found


def split(path, line, said, answer):
    """Pairs the commands of one line with their answers. One command owns the whole answer; with several,
    each answers one line, and the lines that autoshow reads (`Column 3: ...`, Reno's `Waste: ...`) belong to
    the answer before them."""
    if len(said) == 1:
        return [(said[0], "\n".join(answer))]
    parts = []
    for text in answer:
        if parts and text.startswith(AUTOSHOWN) and is_action(said[len(parts) - 1]):
            parts[-1] += "\n" + text
        else:
            parts.append(text)
    if len(parts) != len(said):
        sys.exit(f"{path.name}: cannot tell which answer is whose on the line {line!r}")
    return list(zip(said, parts))


def duration(text, wav):
    subprocess.run(["espeak-ng", "-w", wav], input=text.encode("utf-8"), check=True)
    with wave.open(wav, "rb") as audio:
        return audio.getnframes() / audio.getframerate()


def figures(name, seconds):
    ordered = sorted(seconds)
    p90 = ordered[math.ceil(0.9 * len(ordered)) - 1]
    return (
        f"{name:<28}{len(ordered):>8}{statistics.median(ordered):>8.2f}{p90:>10.2f}{ordered[-1]:>9.2f}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--each", action="store_true", help="a line of figures for each transcript")
    parser.add_argument("--longest", type=int, default=0, metavar="N", help="the N longest announcements")
    options = parser.parse_args()
    if shutil.which("espeak-ng") is None:
        sys.exit("speech-timing: espeak-ng is not on the PATH (Debian: apt-get install espeak-ng)")
    version = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True).stdout.split()
    timed = {}
    shown = {}
    with tempfile.TemporaryDirectory() as tmp:
        wav = os.path.join(tmp, "announcement.wav")
        for path in sorted(TRANSCRIPTS.glob("*.txt")):
            for text, autoshow in announcements(path):
                table = shown if autoshow else timed
                table.setdefault(path.name, []).append((duration(text, wav), text))
    if FOUR_SUITS not in timed:
        sys.exit(f"speech-timing: transcripts/{FOUR_SUITS} has no action said in speech")
    every = [t for times in timed.values() for t in times]
    # `eSpeak NG text-to-speech: 1.51  Data at: ...`
    engine = f"espeak-ng {version[3]}" if len(version) > 3 else "espeak-ng"
    print(f"Seconds of {engine} speech per action, at its default voice and rate")
    print(f"{'':<28}{'actions':>8}{'median':>8}{'90th pct':>10}{'longest':>9}")
    print(figures("all transcripts", [s for s, _ in every]))
    print(figures("four-suit game", [s for s, _ in timed[FOUR_SUITS]]))
    with_autoshow = [s for times in shown.values() for s, _ in times]
    if with_autoshow:
        print(figures("with autoshow on", with_autoshow))
    if options.each:
        for name, times in timed.items():
            print(figures(name, [s for s, _ in times]))
    for seconds, text in sorted(every, key=lambda t: -t[0])[: options.longest]:
        print(f"{seconds:5.2f}  {text!r}")


if __name__ == "__main__":
    main()
