"""The Intruder bag screen: encounters, the token reveal, odds, contents, intruders, Eggs."""
