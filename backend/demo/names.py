"""Player names for the demo club: Flemish wiezers, Dutch klaverjassers, Bavarian Schafkopfer."""

from __future__ import annotations

import random


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def _list(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(","))


FIRST = {
    "wiezen": _words(
        "Jef Marleen Rik Godelieve Luc Mieke Frans Hilde Staf Gerda Willy Rita Dirk "
        "Lieve Marcel Annemie Fons Greet Walter Chantal Noël Magda Eddy Brigitte"
    ),
    "klaverjas": _words(
        "Kees Joke Henk Ria Piet Truus Gerrit Annie Wim Corrie Jan Ineke Bert Marja "
        "Cor Tineke Dirk Greetje Klaas Willemien Sjaak Hennie Arie Bep"
    ),
    "schafkopf": _words(
        "Sepp Resi Franz Vroni Xaver Anni Korbinian Zenzi Alois Burgi Hias Leni "
        "Schorsch Kathi Wastl Rosi Girgl Traudl Michl Gretl Bartl Evi Beni Marille"
    ),
}
LAST = {
    "wiezen": _list(
        "Peeters, Janssens, Maes, Claes, Wouters, De Smet, Vermeulen, Willems, "
        "Goossens, Mertens, Jacobs, Van den Broeck, Dierckx, Verbeke, Van Damme, "
        "De Backer, Coppens, Lambrechts, Hermans, Vandevelde"
    ),
    "klaverjas": _list(
        "de Vries, Bakker, Visser, Smit, Mulder, de Boer, Dekker, Bos, Jansen, "
        "van Dijk, Meijer, de Groot, Kok, Vermeer, Brouwer, Hendriks, van Leeuwen, "
        "Schouten, Post, Kuiper"
    ),
    "schafkopf": _list(
        "Huber, Bauer, Mayer, Wagner, Hofmann, Schmid, Gruber, Brunner, Moser, "
        "Pichler, Stadler, Lechner, Obermaier, Sedlmair, Wimmer, Kronawitter, Eder, "
        "Reiter, Zehetmair, Hinterberger"
    ),
}


def club_names(rng: random.Random, game: str, count: int) -> list[str]:
    """Draw ``count`` distinct full names of ``game``'s region, first names distinct if possible."""
    firsts, lasts = FIRST[game], LAST[game]
    if count > len(firsts) * len(lasts):
        raise ValueError(f"at most {len(firsts) * len(lasts)} {game} names, asked {count}")
    order = rng.sample(firsts, len(firsts))  # distinct first names while they last
    names: list[str] = []
    while len(names) < count:
        name = f"{order[len(names) % len(order)]} {rng.choice(lasts)}"
        if name not in names:
            names.append(name)
    return names
