import { jsonAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { accountDeleted } from "../presenters";
import { signedInOnly, type RoutePlugin } from "../routePlugin";

/** Deleting the account, with everything it holds. */
export const accountRoutes: RoutePlugin = async (app, { services }) => {
  signedInOnly(app, services);

  app.delete<{ Reply: Replies<"DELETE /account"> }>("/account", { schema: { response: jsonAnswers("DELETE /account") } }, async (request) => accountDeleted(await services.accounts.delete(userIdOf(request))));
};
