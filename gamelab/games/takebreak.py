"""Placeholder: being written."""


class TakeAndBreak:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("TakeAndBreak is not written yet")


class Kayles:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("Kayles is not written yet")


class DawsonsKayles:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("DawsonsKayles is not written yet")


class LaskersNim:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("LaskersNim is not written yet")


class GrundysGame:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("GrundysGame is not written yet")
