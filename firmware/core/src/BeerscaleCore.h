#pragma once
// The Arduino library's one header: include it first, so the IDE's library discovery finds
// BeerscaleCore by this unique name (its other headers have plain names).
#include "backoff.h"
#include "interfaces.h"
#include "messages.h"
#include "scale.h"
#include "settings.h"
#include "weighing.h"
