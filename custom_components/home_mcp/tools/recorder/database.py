"""The running recorder, and its database executor where every query runs.

The recorder tools read Home Assistant's recorder in-process, through its
own Python APIs, on the recorder's database executor
(`get_instance(hass).async_add_executor_job`), never on the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from sqlalchemy.exc import SQLAlchemyError

from homeassistant.components.recorder import Recorder, get_instance
from homeassistant.core import HomeAssistant
from homeassistant.helpers.recorder import DATA_INSTANCE

from .. import ToolError

RECORDER_DOMAIN: Final = "recorder"


def recorder_instance(hass: HomeAssistant) -> Recorder:
    """Return the running recorder, or raise `ToolError` (`recorder_unavailable`).

    The message names the cause: the recorder integration is not loaded, its
    database is still starting or migrating, or it failed to start.
    """
    if RECORDER_DOMAIN not in hass.config.components or DATA_INSTANCE not in hass.data:
        raise ToolError(
            "recorder_unavailable",
            "The recorder integration is not loaded in this Home Assistant, so it keeps "
            "no history, statistics or logbook",
            "Enable the recorder (part of default_config) and restart Home Assistant",
        )
    instance = get_instance(hass)
    ready = instance.async_db_ready
    if not ready.done():
        raise ToolError(
            "recorder_unavailable",
            "The recorder is still starting: its database is connecting or being migrated",
            "Try again in a minute",
        )
    if ready.cancelled() or not ready.result():
        raise ToolError(
            "recorder_unavailable",
            "The recorder failed to start its database; Home Assistant's log says why",
            "Ask the person to check Settings > System > Logs",
        )
    return instance


async def async_run_job[T](instance: Recorder, job: Callable[[], T]) -> T:
    """Run `job` on the recorder's database executor; database errors become ToolError."""
    try:
        return await instance.async_add_executor_job(job)
    except SQLAlchemyError as err:
        raise ToolError(
            "recorder_unavailable",
            f"The recorder's database failed to answer ({type(err).__name__})",
            "Try again later; Home Assistant's log has the details",
        ) from err
