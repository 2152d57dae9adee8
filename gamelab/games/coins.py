"""Placeholder: being written."""


class CoinTurning:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("CoinTurning is not written yet")
