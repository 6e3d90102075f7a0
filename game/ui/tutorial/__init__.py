"""The tutorial screens: the list of levels, and a level played on the real table."""
