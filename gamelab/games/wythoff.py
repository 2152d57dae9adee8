"""Placeholder: being written."""


class Wythoff:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("Wythoff is not written yet")


class wythoff_pair:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("wythoff_pair is not written yet")
