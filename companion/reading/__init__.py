"""Reading input: JSON documents a person wrote or edited, and where the packaged data
folders (rules data, locales) live."""
