/* health.c -- the watchdog: is the world still a simulation, or has it blown up?

   verlet-js never checks (seed 000, defect 7), and its worst failures are silent: the web at
   frame(1) reaches 1e152 px without a single NaN, so "no NaN" proves nothing. After every
   step of advance the watchdog takes one O(n) pass over p and q and classifies the world:

       nonfinite  any coordinate is NaN or infinite
       exploding  the bounding radius about the canvas centre passes radius_factor canvas
                  sizes (the diagnostics' EXPLODED rule), or the kinetic energy per particle
                  passes that of moving speed_limit canvas sizes per second AND has grown by
                  energy_growth within the last `window` steps
       healthy    otherwise

   The energy rule needs both halves: growth alone fires on every drop from rest (energy
   from 0), the level alone on a fast but steady motion. A numerical explosion is growth at
   a level no scene reaches by falling: a free fall through the whole 500 px canvas at
   720 px/s^2 ends at 850 px/s, a fifth of the default limit.

   With auto_restore on, every snapshot_interval healthy steps the world is serialized into
   the older of two slots (grown outside steps, sized from the world's capacities, so taking a
   snapshot never allocates). When the world turns unhealthy the older slot comes back --
   state and settings, since a setting is the usual cause -- and the history restarts. */
#include "cold.h"
#include "health.h"
#include "settings.h"
#include "snapshot.h"
#include "validate.h"
#include "world.h"

#include <math.h>
#include <string.h>

#define MAX_CONSECUTIVE_RESTORES 3

silk_watchdog_def silk_default_watchdog_def(void)
{
    silk_watchdog_def def;
    memset(&def, 0, sizeof(def));
    SILK_WATCHDOG_SETTINGS(SILK_SETTING_DEFAULT)
    def.internal_cookie = SILK_DEF_COOKIE;
    return def;
}

const char* silk_health_string(silk_health health)
{
    switch (health)
    {
        case SILK_HEALTH_HEALTHY:
            return "healthy";
        case SILK_HEALTH_EXPLODING:
            return "exploding";
        case SILK_HEALTH_NONFINITE:
            return "nonfinite";
    }
    return "unknown";
}

static void clear_history(silk_watchdog_state* s)
{
    s->energy_count = 0;
    s->energy_head = 0;
    s->energy_growth = 1.0;
}

void silk_watchdog_reset(silk_world* world)
{
    silk_watchdog_state* s = &world->watchdog;
    clear_history(s);
    s->health = SILK_HEALTH_HEALTHY;
    s->speed_max = 0.0;
    s->radius = 0.0;
    s->checks = 0;
    s->unhealthy_steps = 0;
    s->restores = 0;
    s->consecutive_restores = 0;
    s->slot_step[0] = -1;
    s->slot_step[1] = -1;
}

SILK_COLD
void silk_watchdog_free(silk_world* world)
{
    silk_free(world, world->watchdog.slot[0]);
    silk_free(world, world->watchdog.slot[1]);
}

SILK_COLD
silk_status silk_watchdog_reserve(silk_world* world)
{
    silk_watchdog_state* s = &world->watchdog;
    if (!s->def.auto_restore)
    {
        return SILK_OK;
    }
    size_t need = silk_snapshot_size_for(world->particle_capacity, world->constraint_capacity,
                                         world->composite_capacity) +
                  4 * SILK_MAX_EXTENSION_VALUES; /* the largest extension block */
    for (int k = 0; k < 2; ++k)
    {
        if (s->slot_capacity[k] >= need)
        {
            continue;
        }
        uint8_t* fresh = silk_alloc(world, need);
        if (fresh == NULL)
        {
            return SILK_ERR_NOMEM;
        }
        if (s->slot_step[k] >= 0)
        {
            memcpy(fresh, s->slot[k], s->slot_size[k]);
        }
        silk_free(world, s->slot[k]);
        s->slot[k] = fresh;
        s->slot_capacity[k] = need;
    }
    return SILK_OK;
}

silk_status silk_world_set_watchdog(silk_world* world, const silk_watchdog_def* def)
{
    if (!silk_is_world(world))
    {
        return SILK_ERR_NULL;
    }
    silk_status checked = silk_check_watchdog_def(def, &world->last_error);
    if (checked != SILK_OK)
    {
        return checked;
    }
    silk_watchdog_def old = world->watchdog.def;
    world->watchdog.def = *def;
    silk_status status = silk_watchdog_reserve(world);
    if (status != SILK_OK)
    {
        world->watchdog.def = old;
        /* its own detail: the def passed its checks, the restore slots did not fit */
        return silk_world_report_error(world, status, "auto_restore",
                                       "needs restore slots the allocator could not give");
    }
    silk_watchdog_reset(world);
    return SILK_OK;
}

silk_watchdog_def silk_world_get_watchdog(const silk_world* world)
{
    return silk_is_world(world) ? world->watchdog.def : silk_default_watchdog_def();
}

/* One pass over the particles: finiteness, bounding radius, speeds and kinetic energy.
   `seconds` is the time base of p - q (a compat frame is one fixed step). */
static silk_health measure(silk_world* world, double seconds, double* out_energy)
{
    silk_watchdog_state* s = &world->watchdog;
    const double size = world->width > world->height ? world->width : world->height;
    const double cx = world->width / 2, cy = world->height / 2;
    bool nonfinite = false;
    double r2_max = 0.0, d2_max = 0.0, energy = 0.0;
    for (int32_t i = 0, n = world->particle_count; i < n; ++i)
    {
        silk_vec2 p = world->pos[i], q = world->last[i];
        if (!silk_is_finite_vec2(p) || !silk_is_finite_vec2(q))
        {
            nonfinite = true;
            continue;
        }
        double dx = p.x - cx, dy = p.y - cy;
        double r2 = dx * dx + dy * dy; /* may overflow to inf: then it is past any limit */
        double vx = p.x - q.x, vy = p.y - q.y;
        double d2 = vx * vx + vy * vy;
        r2_max = r2 > r2_max ? r2 : r2_max;
        d2_max = d2 > d2_max ? d2 : d2_max;
        energy += 0.5 * d2;
    }
    const double inv_t2 = 1.0 / (seconds * seconds);
    const int32_t n = world->particle_count > 0 ? world->particle_count : 1;
    *out_energy = energy * inv_t2 / n;
    s->radius = sqrt(r2_max);
    s->speed_max = sqrt(d2_max * inv_t2);
    if (nonfinite)
    {
        return SILK_HEALTH_NONFINITE;
    }
    const double limit = s->def.radius_factor * size;
    if (!(r2_max <= limit * limit))
    {
        return SILK_HEALTH_EXPLODING;
    }
    double floor_speed = s->def.speed_limit * size;
    double window_min = *out_energy;
    for (int32_t k = 0; k < s->energy_count; ++k)
    {
        window_min = s->energy[k] < window_min ? s->energy[k] : window_min;
    }
    s->energy_growth =
        window_min > 0.0 ? *out_energy / window_min : (*out_energy > 0.0 ? INFINITY : 1.0);
    if (!isfinite(*out_energy) ||
        (*out_energy > 0.5 * floor_speed * floor_speed && s->energy_growth > s->def.energy_growth))
    {
        return SILK_HEALTH_EXPLODING;
    }
    return SILK_HEALTH_HEALTHY;
}

static void push_energy(silk_watchdog_state* s, double energy)
{
    int32_t window = s->def.window;
    s->energy[s->energy_head] = energy;
    s->energy_head = (s->energy_head + 1) % window;
    if (s->energy_count < window)
    {
        s->energy_count += 1;
    }
}

static double time_base(const silk_world* world, double h)
{
    if (world->solver == SILK_SOLVER_ROBUST)
    {
        return world->robust.last_h;
    }
    return h > 0.0 ? h : world->stepper.step_seconds;
}

silk_health silk_world_check_health(silk_world* world)
{
    if (!silk_is_world(world))
    {
        return SILK_HEALTH_HEALTHY;
    }
    double energy = 0.0;
    world->watchdog.health = measure(world, time_base(world, world->stepper.step_seconds), &energy);
    return world->watchdog.health;
}

silk_health silk_world_health(const silk_world* world)
{
    return silk_is_world(world) ? world->watchdog.health : SILK_HEALTH_HEALTHY;
}

static void take_slot(silk_world* world)
{
    silk_watchdog_state* s = &world->watchdog;
    size_t size = silk_snapshot_size_of(world);
    int k = s->slot_step[0] <= s->slot_step[1] ? 0 : 1; /* the older (or an empty) slot */
    if (s->slot_capacity[k] < size)
    {
        return; /* cannot happen while the slots track the capacities; never allocate here */
    }
    silk_snapshot_write(world, s->slot[k]);
    s->slot_size[k] = size;
    s->slot_step[k] = s->checks;
    s->consecutive_restores = 0;
}

static bool restore_slot(silk_world* world)
{
    silk_watchdog_state* s = &world->watchdog;
    int k = -1;
    for (int m = 0; m < 2; ++m)
    {
        if (s->slot_step[m] >= 0 && (k < 0 || s->slot_step[m] < s->slot_step[k]))
        {
            k = m;
        }
    }
    if (k < 0 || s->consecutive_restores >= MAX_CONSECUTIVE_RESTORES)
    {
        return false;
    }
    if (silk_snapshot_restore(world, s->slot[k], s->slot_size[k]) != SILK_OK)
    {
        return false;
    }
    /* the newer slot was taken on the way to this failure: drop it */
    s->slot_step[1 - k] = -1;
    s->restores += 1;
    s->consecutive_restores += 1;
    clear_history(s);
    return true;
}

void silk_watchdog_after_step(silk_world* world, double h)
{
    silk_watchdog_state* s = &world->watchdog;
    if (!s->def.enabled)
    {
        return;
    }
    double energy = 0.0;
    s->health = measure(world, time_base(world, h), &energy);
    s->checks += 1;
    if (s->health == SILK_HEALTH_HEALTHY)
    {
        push_energy(s, energy);
        if (s->def.auto_restore && s->checks % s->def.snapshot_interval == 0)
        {
            take_slot(world);
        }
        return;
    }
    s->unhealthy_steps += 1;
    if (s->def.auto_restore && restore_slot(world))
    {
        double after = 0.0;
        s->health = measure(world, time_base(world, h), &after);
    }
}
