@echo off
rem Opens the book in your web browser. Needs Python 3 (python.org or the Microsoft Store).
rem Keep this window open while the book is in use; close it (or press Ctrl+C) to stop.
cd /d "%~dp0"
where py >nul 2>nul && (py -3 open-book.py %* & goto :end)
where python >nul 2>nul && (python open-book.py %* & goto :end)
echo Python 3 is needed to open the book. Install it from https://www.python.org/downloads/
echo (tick "Add python.exe to PATH"), then double-click this file again.
:end
pause
