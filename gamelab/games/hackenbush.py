"""Placeholder: being written."""


class GreenHackenbush:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("GreenHackenbush is not written yet")
