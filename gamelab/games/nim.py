"""Placeholder: being written."""


class Nim:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("Nim is not written yet")


class MooreNim:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("MooreNim is not written yet")
