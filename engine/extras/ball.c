/* ball.c -- seed 004's ball: three integrators, sub-steps and a floor (silk.h explains
   the model; this file explains the choices).

   Why a ball apart from the world: the world's compat solver is verlet-js, frozen bit for bit,
   with px/frame units and no time. The integrator lesson needs seconds, a closed form to
   compare with and an energy, so it gets a small value type of its own that cannot disturb
   the compat solver.

   Why every call works on a copy: a step that overflows (h = 1e300) must not leave half a
   ball behind. The copy is a few doubles; nothing is allocated. */
#include "build.h"

#include <math.h>

silk_ball_def silk_default_ball_def(void)
{
    silk_ball_def def = {0};
    def.integrator = SILK_INTEGRATOR_SEMI_IMPLICIT_EULER;
    def.gravity = 9.81;
    def.floor_rule = SILK_FLOOR_SNAP;
    def.floor_y = 0.0;
    def.x = 0.0;
    def.y = 5.0;
    def.vx = 0.0;
    def.vy = 0.0;
    def.internal_cookie = SILK_EXTRAS_DEF_COOKIE;
    return def;
}

static bool valid_integrator(silk_integrator integrator)
{
    return (int)integrator >= 0 && (int)integrator < SILK_INTEGRATOR_COUNT;
}

static bool valid_floor_rule(silk_floor_rule rule)
{
    return (int)rule >= 0 && (int)rule < SILK_FLOOR_RULE_COUNT;
}

static bool ball_is_finite(const silk_ball* b)
{
    return isfinite(b->x) && isfinite(b->y) && isfinite(b->vx) && isfinite(b->vy) &&
           isfinite(b->prev_x) && isfinite(b->prev_y) && isfinite(b->prev_h) &&
           isfinite(b->gravity) && isfinite(b->floor_y);
}

static silk_status validate_ball(const silk_ball* b)
{
    if (!ball_is_finite(b))
    {
        return SILK_ERR_NONFINITE;
    }
    if (!valid_integrator(b->integrator) || !valid_floor_rule(b->floor_rule) || b->prev_h < 0.0)
    {
        return SILK_ERR_RANGE;
    }
    return SILK_OK;
}

silk_status silk_ball_init(const silk_ball_def* def, silk_ball* out_ball)
{
    if (def == NULL || out_ball == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (def->internal_cookie != SILK_EXTRAS_DEF_COOKIE)
    {
        return SILK_ERR_DEF;
    }
    if (!isfinite(def->gravity) || !isfinite(def->floor_y) || !isfinite(def->x) ||
        !isfinite(def->y) || !isfinite(def->vx) || !isfinite(def->vy))
    {
        return SILK_ERR_NONFINITE;
    }
    if (!valid_integrator(def->integrator) || !valid_floor_rule(def->floor_rule))
    {
        return SILK_ERR_RANGE;
    }
    silk_ball b = {0};
    b.x = def->x;
    b.y = def->y;
    b.vx = def->vx;
    b.vy = def->vy;
    b.prev_x = def->x;
    b.prev_y = def->y;
    b.prev_h = 0.0; /* Verlet builds its previous position from the velocity on its first step */
    b.gravity = def->gravity;
    b.floor_y = def->floor_y;
    b.integrator = def->integrator;
    b.floor_rule = def->floor_rule;
    *out_ball = b;
    return SILK_OK;
}

static double energy_of(const silk_ball* b)
{
    return 0.5 * (b->vx * b->vx + b->vy * b->vy) + b->gravity * b->y;
}

/* The seed's stepExplicit, operation for operation: both updates read the old values. */
static void explicit_euler(silk_ball* b, double h)
{
    const double x0 = b->x, y0 = b->y, vx0 = b->vx, vy0 = b->vy;
    b->x = x0 + vx0 * h;
    b->y = y0 + vy0 * h;
    b->vx = vx0;
    b->vy = vy0 - b->gravity * h;
}

/* The seed's stepSemi: the position update reads the velocity just written. */
static void semi_implicit_euler(silk_ball* b, double h)
{
    b->vy -= b->gravity * h;
    b->y += b->vy * h;
    b->x += b->vx * h;
}

static void position_verlet(silk_ball* b, double h)
{
    const double g = b->gravity;
    if (b->prev_h == 0.0)
    {
        /* The exact position h seconds ago under constant acceleration, so the first step is
           exact too (a bare prev = x would start the ball with a velocity error of g h / 2). */
        b->prev_x = b->x - b->vx * h;
        b->prev_y = (b->y - b->vy * h) - 0.5 * g * h * h;
        b->prev_h = h;
    }
    /* Time-corrected Verlet: the last step's displacement is rescaled to this step's length,
       so sub-stepping a ball that ran with another h stays exact for constant gravity. */
    const double ratio = h / b->prev_h;
    const double x = b->x + (b->x - b->prev_x) * ratio;
    const double y = (b->y + (b->y - b->prev_y) * ratio) - g * h * (h + b->prev_h) / 2;
    b->prev_x = b->x;
    b->prev_y = b->y;
    b->prev_h = h;
    b->x = x;
    b->y = y;
    /* The velocity at the new point, exact for constant acceleration: the mean velocity over
       the step plus half a step of acceleration. */
    b->vx = (b->x - b->prev_x) / h;
    b->vy = (b->y - b->prev_y) / h - g * h / 2;
}

/* The floor rule (silk.h); returns whether it fired and fills the contact record. */
static bool apply_floor(silk_ball* b, silk_ball_contact* contact)
{
    if (b->floor_rule == SILK_FLOOR_NONE || !(b->y < b->floor_y))
    {
        return false;
    }
    contact->count += 1;
    contact->y_before = b->y;
    contact->vy_before = b->vy;
    contact->energy_before = energy_of(b);
    const double y =
        b->floor_rule == SILK_FLOOR_SNAP ? b->floor_y : b->floor_y + (b->floor_y - b->y);
    if (b->integrator == SILK_INTEGRATOR_POSITION_VERLET)
    {
        /* Verlet has no velocity to flip: reverse its last displacement instead. */
        const double dy = fabs(b->y - b->prev_y);
        b->y = y;
        b->prev_y = y - dy;
        b->vy = (b->y - b->prev_y) / b->prev_h - b->gravity * b->prev_h / 2;
    }
    else
    {
        b->y = y;
        b->vy = fabs(b->vy);
    }
    contact->energy_after = energy_of(b);
    return true;
}

static void step_once(silk_ball* b, double h, silk_ball_contact* contact)
{
    switch (b->integrator)
    {
        case SILK_INTEGRATOR_EXPLICIT_EULER:
            explicit_euler(b, h);
            b->prev_h = 0.0; /* a later Verlet step starts again from the velocity */
            break;
        case SILK_INTEGRATOR_SEMI_IMPLICIT_EULER:
            semi_implicit_euler(b, h);
            b->prev_h = 0.0;
            break;
        case SILK_INTEGRATOR_POSITION_VERLET:
            position_verlet(b, h);
            break;
        default:
            break;
    }
    apply_floor(b, contact);
}

silk_status silk_ball_substep(silk_ball* ball, double h, int32_t n, silk_ball_contact* out_contact)
{
    if (ball == NULL)
    {
        return SILK_ERR_NULL;
    }
    if (!isfinite(h))
    {
        return SILK_ERR_NONFINITE;
    }
    if (h <= 0.0 || n < 1 || n > SILK_BALL_MAX_SUBSTEPS)
    {
        return SILK_ERR_RANGE;
    }
    silk_status status = validate_ball(ball);
    if (status != SILK_OK)
    {
        return status;
    }
    const double hh = h / n;
    if (!(hh > 0.0))
    {
        return SILK_ERR_RANGE; /* h / n underflowed to 0 */
    }
    silk_ball next = *ball;
    silk_ball_contact contact = {0};
    for (int32_t i = 0; i < n; ++i)
    {
        step_once(&next, hh, &contact);
    }
    if (!ball_is_finite(&next) || !isfinite(energy_of(&next)))
    {
        return SILK_ERR_NONFINITE;
    }
    *ball = next;
    if (out_contact != NULL)
    {
        *out_contact = contact;
    }
    return SILK_OK;
}

silk_status silk_ball_step(silk_ball* ball, double h, silk_ball_contact* out_contact)
{
    return silk_ball_substep(ball, h, 1, out_contact);
}

silk_status silk_ball_energy(const silk_ball* ball, double* out_energy)
{
    if (ball == NULL || out_energy == NULL)
    {
        return SILK_ERR_NULL;
    }
    silk_status status = validate_ball(ball);
    if (status != SILK_OK)
    {
        return status;
    }
    const double e = energy_of(ball);
    if (!isfinite(e))
    {
        return SILK_ERR_NONFINITE;
    }
    *out_energy = e;
    return SILK_OK;
}
