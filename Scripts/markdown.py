"""What Scripts/check-links and Scripts/check-figures read: the project's Markdown, as prose."""
import os
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FENCE = re.compile(r"^ {0,3}(```|~~~)")
SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def articles():
  """Every DocC article, relative to the root, in a stable order."""
  found = []
  for directory, subdirectories, names in os.walk(os.path.join(ROOT, "Sources")):
    subdirectories.sort()
    if ".docc" in directory:
      found += [
        os.path.relpath(os.path.join(directory, name), ROOT)
        for name in sorted(names)
        if name.endswith(".md")
      ]
  return found


def prose_lines(text, spans=False):
  """Yields (line number, line) outside fenced code blocks, code spans blanked unless kept."""
  fenced = None
  for number, line in enumerate(text.split("\n"), 1):
    fence = FENCE.match(line)
    if fence:
      if fenced is None:
        fenced = fence.group(1)
      elif fence.group(1) == fenced:
        fenced = None
      continue
    if fenced is None:
      yield number, line if spans else SPAN.sub(lambda m: " " * len(m.group(0)), line)
