/** The review's forms, once: the handlers parse with them and the web forms validate with them. */
import * as z from 'zod/mini';
import { reviewCategoryValues, reviewTeamMessages } from './team';

const emailMessage = 'Please enter the e-mail address of the account.';

export const reviewRolesBody = z.object({
  email: z.pipe(
    z
      .string({ message: emailMessage })
      .check(z.trim(), z.minLength(3, emailMessage), z.maxLength(254, emailMessage)),
    z.email({ message: emailMessage }),
  ),
  reviewer_categories: z._default(
    z
      .array(
        z
          .string({ message: reviewTeamMessages.unknownCategory })
          .check(z.refine((v) => reviewCategoryValues.includes(v), reviewTeamMessages.unknownCategory)),
      )
      .check(z.maxLength(reviewCategoryValues.length * 2)),
    [],
  ),
  committee: z._default(z.boolean({ message: 'Please say whether the person is on the committee.' }), false),
});
export type ReviewRolesForm = z.input<typeof reviewRolesBody>;
