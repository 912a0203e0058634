# language: de
Funktionalität: Das Notizbuch auf Deutsch
  Grundlage:
    Angenommen a fresh notebook

  Szenario: zwei Einträge
    Wenn I write "eins"
    Und I write "zwei"
    Dann the notebook holds 2 entries
    Aber the notebook's last entry is "zwei"
