"""Placeholder: being written."""


class FibonacciNim:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("FibonacciNim is not written yet")


class zeckendorf:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("zeckendorf is not written yet")
