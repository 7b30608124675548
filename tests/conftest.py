"""Test settings shared by the whole suite."""

from hypothesis import HealthCheck, settings

# A shared machine can be slow now and then: judge the properties, not the timing.
settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.load_profile("default")
