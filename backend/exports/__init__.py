"""Exports of a competition: CSV, JSON, printable pages, PDF, and PBN / USEBIO for bridge.

Every format is built from one plain picture of the competition (:mod:`.picture`), read from
the read models, so the numbers in a download are the numbers the API and the screens show.
The writers are pure: a picture in, text or bytes out.
"""
