"""The presentation: screens, the presenter that turns engine events into tweens, tile art."""
