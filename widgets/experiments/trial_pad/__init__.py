from .trial_pad import TrialPad

__all__ = ["TrialPad"]
