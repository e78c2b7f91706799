#!/bin/sh
# Opens the book in your web browser and serves it to the class over the local network. Needs Python 3 (python.org).
# Keep this window open while the book is in use; close it (or press Ctrl+C) to stop.
cd "$(dirname "$0")" || exit 1
if command -v python3 >/dev/null 2>&1; then
  exec python3 open-book.py --class "$@"
fi
echo "Python 3 is needed to open the book. Install it from https://www.python.org/downloads/"
echo "and double-click this file again. (Press Return to close.)"
read -r _
