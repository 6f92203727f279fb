/* validate.c -- one validator per value, shared by the setters and the loaders.

   A world must never hold a value its own API would refuse: snapshot.c and record_file.c read bytes
   that anyone can write, so they check each value with the same function the setter uses.
   Each validator returns the status the setter returns (SILK_ERR_NONFINITE, SILK_ERR_RANGE,
   ...); the loaders turn any failure into SILK_ERR_FORMAT. */
#include "validate.h"
#include "world.h"

#include <math.h>

silk_status silk_check_size(double width, double height)
{
    if (!isfinite(width) || !isfinite(height))
    {
        return SILK_ERR_NONFINITE;
    }
    return width >= 1.0 && height >= 1.0 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_step_seconds(double seconds)
{
    if (!isfinite(seconds))
    {
        return SILK_ERR_NONFINITE;
    }
    return seconds >= SILK_MIN_STEP_SECONDS && seconds <= SILK_MAX_STEP_SECONDS ? SILK_OK
                                                                                : SILK_ERR_RANGE;
}

silk_status silk_check_relax_passes(int32_t step)
{
    return step >= 1 && step <= SILK_MAX_RELAX_PASSES ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_substeps(int32_t substeps)
{
    return substeps >= 1 && substeps <= SILK_MAX_SUBSTEPS ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_iterations(int32_t iterations)
{
    return iterations >= 1 && iterations <= SILK_MAX_ITERATIONS ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_near_passes(int32_t near_passes)
{
    return near_passes >= 1 && near_passes <= SILK_MAX_NEAR_PASSES ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_near_mobility(double mobility)
{
    if (!isfinite(mobility))
    {
        return SILK_ERR_NONFINITE;
    }
    return mobility > 0.0 && mobility <= 1.0 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_decay_rate(double rate)
{
    if (!isfinite(rate))
    {
        return SILK_ERR_NONFINITE;
    }
    return rate >= 0.0 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_radius(double radius)
{
    if (!isfinite(radius))
    {
        return SILK_ERR_NONFINITE;
    }
    return radius >= 0.0 && radius <= SILK_MAX_RADIUS ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_restitution(double restitution)
{
    if (!isfinite(restitution))
    {
        return SILK_ERR_NONFINITE;
    }
    return restitution >= 0.0 && restitution <= 1.0 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_inverse_mass(double inverse_mass)
{
    if (!isfinite(inverse_mass))
    {
        return SILK_ERR_NONFINITE;
    }
    return inverse_mass >= 0.0 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_compliance(double compliance)
{
    if (!isfinite(compliance))
    {
        return SILK_ERR_NONFINITE;
    }
    return compliance >= 0.0 && compliance <= SILK_MAX_COMPLIANCE ? SILK_OK : SILK_ERR_RANGE;
}

/* A distance's rest length is finite and >= 0 (add_distance); an angle's rest angle is what
   silk_world_angle_at returns, in [-pi, pi]; a pin's rest is 0. */
silk_status silk_check_rest(silk_constraint_kind kind, double rest)
{
    if (!isfinite(rest))
    {
        return SILK_ERR_NONFINITE;
    }
    switch (kind)
    {
        case SILK_DISTANCE:
            return rest >= 0.0 ? SILK_OK : SILK_ERR_RANGE;
        case SILK_ANGLE:
            return rest >= -3.1415926535897936 && rest <= 3.1415926535897936 ? SILK_OK
                                                                             : SILK_ERR_RANGE;
        case SILK_PIN:
            return rest == 0.0 ? SILK_OK : SILK_ERR_RANGE;
    }
    return SILK_ERR_KIND;
}

/* The settings tables' validators (settings.h) that no single setter had its own function
   for. */
silk_status silk_check_size_side(double side)
{
    return silk_check_size(side, side);
}

silk_status silk_check_finite(double v)
{
    return isfinite(v) ? SILK_OK : SILK_ERR_NONFINITE;
}

silk_status silk_check_finite_vec2(silk_vec2 v)
{
    return silk_is_finite_vec2(v) ? SILK_OK : SILK_ERR_NONFINITE;
}

silk_status silk_check_any_seed(uint64_t seed)
{
    (void)seed; /* every seed is a seed */
    return SILK_OK;
}

silk_status silk_check_flag(int32_t flag)
{
    return flag == 0 || flag == 1 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_at_least_one(int32_t count)
{
    return count >= 1 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_sleep_steps(int32_t steps)
{
    return steps >= 1 && steps <= SILK_MAX_SLEEP_STEPS ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_at_least_one_f64(double v)
{
    if (!isfinite(v))
    {
        return SILK_ERR_NONFINITE;
    }
    return v >= 1.0 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_positive(double v)
{
    if (!isfinite(v))
    {
        return SILK_ERR_NONFINITE;
    }
    return v > 0.0 ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_watchdog_window(int32_t window)
{
    return window >= 2 && window <= SILK_WATCHDOG_MAX_WINDOW ? SILK_OK : SILK_ERR_RANGE;
}

silk_status silk_check_counter(int64_t count)
{
    return count >= 0 && count <= SILK_MAX_COUNTER ? SILK_OK : SILK_ERR_RANGE;
}
