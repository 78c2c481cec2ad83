"""The 256 words of device fingerprints (``refapp.store.keys``), fixed forever: a word's place is its byte value.

Chosen to be read aloud and typed at a venue: common, concrete English words of 4 to 6 letters, many the same or
close in French, without British/American spelling variants or obvious homophones. Two properties make typing
forgiving and safe, and ``tests/store/test_keys.py`` checks both:

* any two words differ by at least two edits (a changed, missing, extra or swapped letter), so one typo never turns a
  word into another word: it is always caught, and the nearest word can be suggested;
* no word begins another, so words typed without spaces still split one way only.

Layer: bottom (the fingerprints' words): imports no feature of the store.
"""

from __future__ import annotations

WORDS: tuple[str, ...] = tuple(
    """
    acorn almond amber anchor apple arrow atlas autumn bagel baker bamboo banana banjo barrel basket bean beaver
    beetle bison bottle bread breeze bridge bronze bubble bucket butter button cabin cactus camel camera canal
    candle candy canoe canyon cargo carpet castle celery cello chair cheese cherry chess cinema circus clock cloud
    cobra cocoa coffee comet cookie copper coral cotton cowboy crab crane crayon crown desert disco doctor domino
    donkey dragon drum dune eagle echo engine falcon farmer flute forest frog frost galaxy garden garlic ginger
    glove goat goose grape green guitar hammer harp helmet hippo hockey honey horse igloo indigo iron island ivory
    jacket jaguar jazz jelly jigsaw jungle karate kayak kettle kite kitten kiwi koala ladder lamb laser lemon lime
    linen lion lizard llama lotus magnet mango maple marble meadow medal melon meteor mirror moon motor mouse muffin
    needle neon ninja noodle oasis ocean olive onion opera orange orbit orchid otter oyster paddle palace panda
    papaya paper parrot pasta peach peanut pebble pencil pepper piano pigeon pillow pilot pirate pixel pizza planet
    plaza plum polka pony potato prince puppy purple puzzle queen rabbit radar radio radish raven rhino ribbon rice
    riddle river robin robot rocket rope sailor salmon salsa shark sheep shield shovel silk silver sketch snail snow
    sonar spider spiral spoon statue sugar summer swan syrup table teapot temple tennis ticket tiger toad token
    tomato tower trophy trout tuba tulip tunnel turbo turkey turtle valley velvet violet violin viper voyage waffle
    wagon wallet walnut walrus whale window winter wolf wool yellow yoga zebra zigzag zipper
    """.split()
)
assert len(WORDS) == 256
